notice(['one', 'two', 'three',])
