notice("ab\n" =~ /\Aab\Z/, "ab\n" =~ /\Aab\z/, 'xab' =~ /\Aab/)
