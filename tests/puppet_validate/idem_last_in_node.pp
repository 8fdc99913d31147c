node default { 1 + 1 }
