notify { 'x': } notify { 'x': }
