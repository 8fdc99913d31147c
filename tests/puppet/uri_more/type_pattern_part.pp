$t = URI[{scheme => Pattern[/\Ahttps?\z/]}]
notice(URI('https://a') =~ $t)
notice(URI('ftp://a') =~ $t)
