function if() { 1 }
