$h = {URI('http://A.com/') => 1}
notice($h[URI('http://a.com/')])
