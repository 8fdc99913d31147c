if '' { notice('empty string is true') } else { notice('empty string is false') }
