notice('line one
line two')
