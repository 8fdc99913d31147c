function case() { 1 }
