print(input().split()[0])
