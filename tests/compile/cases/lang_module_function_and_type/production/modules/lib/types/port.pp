type Lib::Port = Integer[1, 65535]
