case 'ABC' { 'abc': { notice('matched ignoring case') } }
