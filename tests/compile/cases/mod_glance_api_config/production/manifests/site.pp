glance_api_config { 'DEFAULT/workers': value => 4 }
