notice(os_transport_url({transport => "rabbit", host => "10.0.0.1", port => 5672, username => "guest", password => "p@ss", virtual_host => "vh"}))
notice(os_transport_url({transport => "rabbit", hosts => ["::1", "h2"], port => "5672", username => "u", ssl => "yes", query => {a => "b"}}))
notice(os_transport_url({transport => "amqp", host => "h"}))
