if /a/ { notice('regexp is true') } else { notice('regexp is false') }
