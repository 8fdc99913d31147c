nova_config { 'DEFAULT/debug': value => true }
nova_config { 'api/auth_strategy': value => 'keystone' }
