firewall { '100 allow ssh': dport => 22, proto => 'tcp', action => 'accept' }
