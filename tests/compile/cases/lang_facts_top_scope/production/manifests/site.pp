notify { 'f':
  message => "${::fqdn} ${facts['networking']['fqdn']} ${trusted['certname']} ${trusted['domain']} ${environment} ${clientcert} ${::operatingsystem}",
}
