$o = URI('urn:a:b:c')
notice($o.scheme, $o.opaque, "<${o.host}>")
