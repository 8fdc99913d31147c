unless false { notice('unless body') } else { notice('else') }
unless 'x' { notice('no') } else { notice('unless else') }
