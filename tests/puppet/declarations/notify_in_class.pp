class c { notify { 'from c': } }
include c
