import os
print(os.getuid())
print(int(input()) * 2)
