notice('UBUNTU' =~ /(?i-mx:ubuntu|debian)/, 'a\nb' =~ /(?m:a.b)/, 'a b' =~ /(?x: a b )/)
