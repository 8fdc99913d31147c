nosuchtype { 'x': }
