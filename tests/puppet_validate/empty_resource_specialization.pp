@@Notify['a'] { }
