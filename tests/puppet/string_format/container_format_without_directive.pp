notice(String([1], {Array => {separator => ';'}}))
