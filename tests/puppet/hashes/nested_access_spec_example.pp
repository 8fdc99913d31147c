$main_site = { port        => { http  => 80,
                                 https => 443 },
               vhost_name  => '',
               server_name => { mirror0 => '',
                                mirror1 => '' } }
notice ( $main_site[port][https] )
notice ( $main_site[port] )
