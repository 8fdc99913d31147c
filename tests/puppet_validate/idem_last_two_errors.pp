class c { 1 }
define d() { 2 }
