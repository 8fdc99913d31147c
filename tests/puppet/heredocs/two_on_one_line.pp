notice(@(A), @(B))
first
A
second
B
notice('after')
