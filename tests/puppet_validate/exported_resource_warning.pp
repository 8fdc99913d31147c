@@notify { 'a': }
