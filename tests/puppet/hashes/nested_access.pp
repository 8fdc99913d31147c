$main_site = { port => { http => 80, https => 443 }, vhost_name => 'x' }
notice($main_site[port][https])
