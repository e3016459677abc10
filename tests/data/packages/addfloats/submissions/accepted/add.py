a, b = map(float, input().split())
print(repr(a + b))
