notice(fqdn_rotate({'a' => 1}))
