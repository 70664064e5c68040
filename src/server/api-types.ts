// Request shapes of the backend API that both the server and the wallet's client use, so the
// two cannot drift apart. Type-only: importing it pulls no server code into the wallet.

/** POST /transaction: a past transaction as the wallet reports it (spec part 1 §3, history item). */
export type TransactionInput = {
  transaction_hash: string;
  network: string;
  from: string;
  to: string;
  total_amount: string;
  status: string;
  currency_amount?: string;
  selected_currency?: string;
  gas?: string;
  gasPrice?: string;
  symbol?: string;
  nonce?: string;
  type?: 'eth' | 'erc20' | 'erc721' | 'erc1155';
  type_name?: string;
  type_image_link?: string;
  transaction_category?: string;
  is_cancel?: boolean;
};
