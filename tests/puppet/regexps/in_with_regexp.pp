notice(/^b/ in ['abc', 'bcd'], /q/ in 'quick')
