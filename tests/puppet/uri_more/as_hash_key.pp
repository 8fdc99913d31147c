$h = {URI('http://a.com/') => 1}
notice($h[URI('http://a.com/')])
notice($h)
