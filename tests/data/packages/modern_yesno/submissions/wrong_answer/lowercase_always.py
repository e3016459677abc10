n = int(input())
print("yes" if n % 2 == 0 else "no")
