fn main() {
    let mut s = String::new();
    std::io::stdin().read_line(&mut s).unwrap();
    let n: i64 = s.trim().parse().unwrap();
    println!("{}", if n == 10 { "Yes" } else if n % 2 == 0 { "yes" } else { "no" });
}
