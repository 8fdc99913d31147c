$b = Binary('hello world, this is a long enough string to wrap the base64 output lines', '%s')
notice(String($b, '%b'))
