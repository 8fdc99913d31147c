oslo::messaging::default { 'nova_config': transport_url => 'rabbit://guest:guest@localhost:5672/' }
