include broken
