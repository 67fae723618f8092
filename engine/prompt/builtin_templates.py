"""Chat formats a user can pick when a model's own template is missing or wrong.

Plain Jinja text, kept apart from the renderer so the window can list the names
without loading llama-cpp-python (which takes about half a second to import).
"""

from __future__ import annotations

CHATML_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)


BUILTIN_TEMPLATES: dict[str, str] = {
    "ChatML": CHATML_TEMPLATE,
    "Llama 3": (
        "{{ bos_token }}{% for message in messages %}"
        "{{ '<|start_header_id|>' + message['role'] + '<|end_header_id|>\n\n' + message['content'] | trim"
        " + '<|eot_id|>' }}{% endfor %}"
        "{% if add_generation_prompt %}{{ '<|start_header_id|>assistant<|end_header_id|>\n\n' }}{% endif %}"
    ),
    "Gemma": (
        "{{ bos_token }}{% set ns = namespace(system='') %}{% for message in messages %}"
        "{% if message['role'] == 'system' %}{% set ns.system = message['content'] + '\n\n' %}"
        "{% else %}{{ '<start_of_turn>' + ('model' if message['role'] == 'assistant' else 'user') + '\n'"
        " + (ns.system if message['role'] == 'user' else '') + message['content'] | trim + '<end_of_turn>\n' }}"
        "{% if message['role'] == 'user' %}{% set ns.system = '' %}{% endif %}{% endif %}{% endfor %}"
        "{% if add_generation_prompt %}{{ '<start_of_turn>model\n' }}{% endif %}"
    ),
    "Mistral Instruct": (
        "{{ bos_token }}{% set ns = namespace(system='') %}{% for message in messages %}"
        "{% if message['role'] == 'system' %}{% set ns.system = message['content'] + '\n\n' %}"
        "{% elif message['role'] == 'user' %}{{ '[INST] ' + ns.system + message['content'] + ' [/INST]' }}"
        "{% set ns.system = '' %}{% else %}{{ message['content'] + eos_token }}{% endif %}{% endfor %}"
    ),
    "Phi-3": (
        "{% for message in messages %}{{ '<|' + message['role'] + '|>\n' + message['content'] + '<|end|>\n' }}"
        "{% endfor %}{% if add_generation_prompt %}{{ '<|assistant|>\n' }}{% endif %}"
    ),
}


# Not for the window's picker: the local API's /v1/completions and Ollama's raw mode send the text
# as it is, with no chat format around it (the model's BOS, if it has one, is still added).
RAW_TEMPLATE_NAME = "raw"
RAW_TEMPLATE = "{% for message in messages %}{{ message['content'] }}{% endfor %}"
