class outer { notify { 'outer': } }
