node /^web\d+\./ { notify { "regex ${trusted['certname']}": } }
node /^db\d+\./ { notify { "db ${trusted['hostname']}": } }
node default { notify { 'default': } }
