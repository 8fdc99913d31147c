node 'other.example.com' { }
