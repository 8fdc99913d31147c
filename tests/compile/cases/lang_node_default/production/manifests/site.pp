notify { 'top': }
node default { notify { "os ${facts['os']['family']} ${::osfamily}": } }
