notice('Hello World'[6,-1])
notice('Hello World'[-5,-2])
notice('Hello'[-9, 3])
