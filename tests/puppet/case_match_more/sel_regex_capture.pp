notice('ab12' ? { /(\d+)/ => "num ${1}", default => 'none' })
