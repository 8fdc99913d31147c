class c { 1 }
