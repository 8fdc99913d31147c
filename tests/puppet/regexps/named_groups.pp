if 'key=value' =~ /(?<k>\w+)=(?<v>\w+)/ { notice($1, $2) }
