notice(os_transport_url({host => "h"}))
