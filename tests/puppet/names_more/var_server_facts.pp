$server_facts = 1
