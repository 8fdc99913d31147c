notice([URI('http://a.com/'), URI('HTTP://a.com:80/')].unique)
