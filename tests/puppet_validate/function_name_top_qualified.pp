function ::f() { 1 }
